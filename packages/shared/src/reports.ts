import { z } from 'zod'
import {
  REPORT_TARGET_TYPES,
  REPORT_STATUSES,
  REPORT_ACTIONS,
  REPORT_REASON_MAX,
  SUSPENSION_REASON_MAX,
  REPORT_MESSAGES,
} from './reports.constants'

export * from './reports.constants'

export const ZCreateReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what you are reporting' }),
  targetId: z.number({ error: 'Choose what you are reporting' }).int().positive(),
  reason: z
    .string({ error: REPORT_MESSAGES.reasonRequired })
    .trim()
    .min(1, REPORT_MESSAGES.reasonRequired)
    .max(REPORT_REASON_MAX, REPORT_MESSAGES.reasonMax),
})

export type TCreateReportBody = z.input<typeof ZCreateReportBody>

/** What the reporter sees of their report. */
export const ZReport = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
})

export type TReport = z.infer<typeof ZReport>

const ZReportMember = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
})

/** A report as admins review it: who reported whom, a copy of the content, and its outcome. */
export const ZAdminReport = ZReport.extend({
  snapshot: z.string().nullable(),
  reporter: ZReportMember,
  targetUser: ZReportMember.extend({
    email: z.string(),
    isAdmin: z.boolean(),
    suspendedAt: z.string().nullable(),
  }).nullable(),
  /** Whether the reported content still exists. */
  targetExists: z.boolean(),
  resolvedBy: ZReportMember.nullable(),
  resolution: z.string().nullable(),
  action: z.enum(REPORT_ACTIONS).nullable(),
})

export type TAdminReport = z.infer<typeof ZAdminReport>

export const ZAdminReportsQuery = z.object({
  status: z.enum([...REPORT_STATUSES, 'all']).default('open'),
  targetType: z.enum(REPORT_TARGET_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})

export type TAdminReportsQuery = z.input<typeof ZAdminReportsQuery>

export const ZAdminReportPage = z.object({
  items: z.array(ZAdminReport),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})

export type TAdminReportPage = z.infer<typeof ZAdminReportPage>

const ZNote = z
  .string()
  .trim()
  .max(SUSPENSION_REASON_MAX, `The note must be at most ${SUSPENSION_REASON_MAX} characters`)
  .optional()
  .transform((value) => (value ? value : undefined))

export const ZResolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS).default('none'),
  /** Shown to a suspended member as the reason; kept on the report either way. */
  note: ZNote,
})

export type TResolveReportBody = z.input<typeof ZResolveReportBody>

export const ZDismissReportBody = z.object({ note: ZNote })

export type TDismissReportBody = z.input<typeof ZDismissReportBody>

export const ZSuspendBody = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(SUSPENSION_REASON_MAX, `The reason must be at most ${SUSPENSION_REASON_MAX} characters`),
})

export type TSuspendBody = z.input<typeof ZSuspendBody>

export const ZSuspension = z.object({
  id: z.number().int(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
})

export type TSuspension = z.infer<typeof ZSuspension>
