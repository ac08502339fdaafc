// A step of the signed-in part's load (../signed-in-loader.ts): TanStack Query's modules.
export { QueryClient } from '@tanstack/react-query'
