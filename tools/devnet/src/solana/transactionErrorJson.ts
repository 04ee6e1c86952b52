// LiteSVM reports errors as napi const enums (numbers, with no runtime name table) or small
// classes. Validators answer with Solana's serde JSON, e.g. "InsufficientFundsForFee" or
// {"InstructionError":[0,{"Custom":1}]}; these tables follow the order of LiteSVM's enums.
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

type LiteSvmErrorObject = {
  index?: number
  accountIndex?: number
  code?: number
  err?: () => unknown
  toString(): string
}

/** Converts a LiteSVM transaction error into the JSON a Solana validator would send. */
export function transactionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError${error}`
  const value = error as LiteSvmErrorObject
  if (typeof value.err === 'function' && typeof value.index === 'number') {
    return { InstructionError: [value.index, instructionErrorJson(value.err())] }
  }
  if (typeof value.index === 'number') return { DuplicateInstruction: value.index }
  if (typeof value.accountIndex === 'number') {
    const name = /Restricted/.test(value.constructor.name)
      ? 'ProgramExecutionTemporarilyRestricted'
      : 'InsufficientFundsForRent'
    return { [name]: { account_index: value.accountIndex } }
  }
  return String(error)
}

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return instructionErrorNames[error] ?? `InstructionError${error}`
  const value = error as LiteSvmErrorObject
  if (typeof value.code === 'number') return { Custom: value.code }
  return { BorshIoError: String(error) }
}
