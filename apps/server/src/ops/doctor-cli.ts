// npm run doctor: prints what is wrong or risky in the configuration; exits 1 when anything is wrong.
import { runDoctor, type Finding } from './doctor'

const MARK: Record<Finding['level'], string> = { ok: 'ok   ', warn: 'warn ', error: 'ERROR' }

const findings = await runDoctor(process.env)
for (const { level, check, message } of findings) console.log(`${MARK[level]} ${check}: ${message}`)
const errors = findings.filter((finding) => finding.level === 'error').length
const warnings = findings.filter((finding) => finding.level === 'warn').length
console.log(`\n${errors} wrong, ${warnings} risky.`)
process.exit(errors > 0 ? 1 : 0)
