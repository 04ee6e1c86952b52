export {
  type DescribeApprovalReturnType,
  describeApproval,
} from './describeApproval.ts'
export { formatAmount, UNLIMITED_AMOUNT } from './formatAmount.ts'
export {
  type RenderApprovalSummaryParameters,
  renderApprovalSummary,
} from './renderApprovalSummary.ts'
export { type RequestApprovalReturnType, requestApproval } from './requestApproval.ts'
export { SIMULATION_UNAVAILABLE } from './simulateBalanceChanges.ts'
export type {
  ApprovalAddress,
  ApprovalAmount,
  ApprovalBalanceChange,
  ApprovalBalanceChanges,
  ApprovalChains,
  ApprovalContext,
  ApprovalDeadline,
  ApprovalDetails,
  ApprovalEvmCall,
  ApprovalFee,
  ApprovalField,
  ApprovalPermit,
  ApprovalRequest,
  ApprovalSolanaInstruction,
  ApprovalSummary,
  ApprovalText,
  ApprovalToken,
  ApprovalTypedDataNode,
  ApprovalWarning,
} from './types.ts'
