export * from './permissions.js'
export * from './constants.js'
export * from './contracts/list-query.js'
export * from './contracts/reference.js'
