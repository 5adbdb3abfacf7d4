export const PASSWORD_MIN = 6

export const RESET_PASSWORD_MIN = 8

/** scrypt is deliberately slow; an unbounded password would let one request burn a core. */
export const PASSWORD_MAX = 200

export const EMAIL_MAX = 254

export const AUTH_MESSAGES = {
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  resetPasswordMin: 'Password must be at least 8 characters',
  email: 'Please enter a valid email address',
  passwordConfirmRequired: 'Password confirmation is required',
  passwordsDontMatch: "Passwords don't match",
  fullNameRequired: 'Full name is required',
  resetTokenRequired: 'Reset token is required',
  invalidLogin: 'Invalid username/email or password. Please try again.',
  loginUsernameRequired: 'Please enter your username or email',
  loginPasswordRequired: 'Please enter your password',
  usernameChars: 'Username may only contain letters, digits, _, . and -',
  usernameTaken: 'This username is already taken',
  usernameReserved: 'This username is reserved',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  forgotPasswordSent:
    'If your email is registered with us, you will receive password reset instructions shortly. Please check your inbox (and spam folder).',
  missingResetLink: 'Invalid or missing password reset link. Please request a new one.',
} as const
