export * from './accounts.js'
export * from './reference.js'
