export * from './auth-api.ts'
export * from './common.ts'
export * from './messages.ts'
