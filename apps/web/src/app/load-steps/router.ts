// A step of the signed-in part's load (../signed-in-loader.ts): react-router's modules.
export { createBrowserRouter } from 'react-router'
