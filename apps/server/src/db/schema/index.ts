export * from './accounts.js'
export * from './reference.js'
export * from './files.js'
export * from './locations.js'
