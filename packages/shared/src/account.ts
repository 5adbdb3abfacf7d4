import { z } from 'zod'
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from './auth'
import { ZVerifiableCredential } from './credentials'
import { ZEndorsementRequestExport } from './endorsement-requests'
import { ZAccountSettings } from './endorsement-review'
import { ZCategory, ZLevel, ZRelationship } from './endorsements'
import { ZRemoteVouchesGiven, ZRemoteVouchesReceived } from './remote-vouches'
import { ZSelfUser } from './users'
import { PREFERENCE_TYPES, ACCOUNT_MESSAGES } from './account.constants'
import { refineNewPassword, type PasswordMeter, type PasswordOwner } from './password-policy'

export * from './account.constants'

const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)

const ZChangePasswordFields = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX, ACCOUNT_MESSAGES.currentPasswordWrong),
    newPassword: ZNewPassword,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.passwordConfirmRequired),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: ACCOUNT_MESSAGES.samePassword,
    path: ['newPassword'],
  })

/**
 * The change-password body with the password rules. The body does not name the member: the client
 * passes who is signed in, the server checks the username and email itself.
 */
export const changePasswordBody = (meter: PasswordMeter, owner: PasswordOwner = {}) =>
  ZChangePasswordFields.superRefine(
    refineNewPassword(
      meter,
      (body: z.output<typeof ZChangePasswordFields>) => ({ password: body.newPassword, owner }),
      'newPassword',
    ),
  )

export type TChangePasswordBody = z.input<typeof ZChangePasswordFields>

export const ZDeleteAccountBody = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordWrong),
})

export type TDeleteAccountBody = z.input<typeof ZDeleteAccountBody>

export const ZPreference = z.object({
  type: z.enum(PREFERENCE_TYPES),
  inApp: z.boolean(),
  email: z.boolean(),
})

export type TPreference = z.infer<typeof ZPreference>

export const ZPreferences = z.object({ preferences: z.array(ZPreference) })

export type TPreferences = z.infer<typeof ZPreferences>

export const ZUpdatePreferencesBody = z.object({
  preferences: z.array(ZPreference).min(1).max(PREFERENCE_TYPES.length),
})

export type TUpdatePreferencesBody = z.input<typeof ZUpdatePreferencesBody>

/** Another member as the archive names them: never their email or anything else private. */
const ZMemberRef = z.object({ id: z.number().int(), username: z.string(), fullName: z.string().nullable() })

/** GET /api/account/export: everything stored about the member, and nothing private of anyone else. */
export const ZAccountExport = z.object({
  format: z.literal('vouched-account-export/1'),
  exportedAt: z.string(),
  profile: ZSelfUser.extend({
    suspendedAt: z.string().nullable(),
    suspensionReason: z.string().nullable(),
  }),
  settings: ZAccountSettings,
  notificationPreferences: z.array(ZPreference),
  endorsementsGiven: z.array(
    z.object({
      id: z.number().int(),
      toUser: ZMemberRef,
      category: ZCategory,
      note: z.string().nullable(),
      isAnonymous: z.boolean(),
      contentUrl: z.string().nullable(),
      contentType: z.string().nullable(),
      hashtags: z.array(z.string()),
      engagementWeight: z.number(),
      likeCount: z.number().int(),
      commentCount: z.number().int(),
      relationship: ZRelationship.nullable(),
      level: ZLevel.nullable(),
      createdAt: z.string(),
    }),
  ),
  endorsementsReceived: z.array(
    z.object({
      id: z.number().int(),
      /** Null when the endorsement is anonymous. */
      fromUser: ZMemberRef.nullable(),
      category: ZCategory,
      note: z.string().nullable(),
      isAnonymous: z.boolean(),
      contentUrl: z.string().nullable(),
      contentType: z.string().nullable(),
      hashtags: z.array(z.string()),
      engagementWeight: z.number(),
      isHidden: z.boolean(),
      hiddenByBlock: z.boolean(),
      likeCount: z.number().int(),
      commentCount: z.number().int(),
      relationship: ZRelationship.nullable(),
      level: ZLevel.nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Endorsements waiting for their receiver's approval, given by the member or waiting for theirs. */
  pendingEndorsements: z.array(
    z.object({
      id: z.number().int(),
      direction: z.enum(['given', 'received']),
      /** The other member; null for an anonymous one the member received. */
      user: ZMemberRef.nullable(),
      category: ZCategory,
      note: z.string().nullable(),
      isAnonymous: z.boolean(),
      hashtags: z.array(z.string()),
      relationship: ZRelationship.nullable(),
      level: ZLevel.nullable(),
      createdAt: z.string(),
    }),
  ),
  comments: z.array(
    z.object({ id: z.number().int(), vouchId: z.number().int(), comment: z.string(), createdAt: z.string() }),
  ),
  likes: z.array(z.object({ vouchId: z.number().int(), createdAt: z.string() })),
  connections: z.array(z.object({ user: ZMemberRef, connectedAt: z.string() })),
  connectionRequests: z.array(
    z.object({
      id: z.number().int(),
      direction: z.enum(['sent', 'received']),
      user: ZMemberRef,
      status: z.enum(['pending', 'accepted', 'rejected']),
      message: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  endorsementRequests: z.array(ZEndorsementRequestExport),
  conversations: z.array(
    z.object({
      id: z.number().int(),
      otherUser: ZMemberRef,
      createdAt: z.string(),
      messages: z.array(
        z.object({
          id: z.number().int(),
          senderId: z.number().int(),
          content: z.string(),
          status: z.enum(['sent', 'delivered', 'read']),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      message: z.string(),
      entityId: z.number().int().nullable(),
      fromUser: ZMemberRef.nullable(),
      isRead: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number().int(),
      targetType: z.string(),
      targetId: z.number().int(),
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
      resolvedAt: z.string().nullable(),
    }),
  ),
  blocks: z.array(z.object({ user: ZMemberRef, createdAt: z.string() })),
  medals: z.array(
    z.object({
      skillName: z.string(),
      tier: z.string(),
      endorsementCount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  uploads: z.array(
    z.object({
      url: z.string(),
      kind: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  activity: z.array(z.object({ day: z.string(), count: z.number().int() })),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), current: z.boolean() })),
  /** Vouches given to and received from members of other Vouched servers (decision 156). */
  remoteVouchesGiven: ZRemoteVouchesGiven.optional(),
  remoteVouchesReceived: ZRemoteVouchesReceived.optional(),
  /**
   * The member's Open Badges 3.0 credentials (issue 26), signed, to carry elsewhere: one per medal
   * held and one per named, shown endorsement received. Each verifies on /verify or any OB 3.0 verifier.
   */
  credentials: z.object({
    medals: z.array(ZVerifiableCredential),
    endorsements: z.array(ZVerifiableCredential),
  }),
})

export type TAccountExport = z.infer<typeof ZAccountExport>
