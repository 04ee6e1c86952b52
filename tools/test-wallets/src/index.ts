export * from './injected/index.ts'
