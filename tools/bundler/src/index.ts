export { BaseError, BundlerStartError } from './errors.ts'
export { type BundlerEndpoint, bundlerServerEnv } from './serverEnv.ts'
export {
  type StartBundlerErrorType,
  type StartBundlerParameters,
  type StartBundlerReturnType,
  startBundler,
} from './startBundler.ts'
export {
  type SimpleAccountImplementation,
  simpleAccountAbi,
  simpleAccountFactory07Address,
  simpleAccountFactoryAbi,
  type ToSimpleAccountParameters,
  type ToSimpleAccountReturnType,
  toSimpleAccount,
} from './toSimpleAccount.ts'
