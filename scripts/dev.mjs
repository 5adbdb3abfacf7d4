// `npm run dev`: the API with reload on :3000 and Vite's dev server (proxying /api) on :5173.
import { spawn } from 'node:child_process'

const run = (args) => spawn('npm', args, { stdio: 'inherit', env: process.env })
const children = [run(['run', 'dev', '-w', '@vouched/server']), run(['run', 'dev', '-w', '@vouched/web'])]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) => child.on('exit', (code) => code && process.exit(code)))
