import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** The Fastify server (apps/server) listens here in development. */
const API = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': API,
      '/images': API,
      '/healthz': API,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
})
