/**
 * The texts of SPEC.md §2 and §8 for connections, verbatim, except that refusing a request is "Reject"
 * everywhere (SPEC.md's Network page said "Decline"; docs/decisions/096-one-way-to-write-each-thing.md).
 */
export const CONNECTION_TEXTS = {
  requestsTitle: 'Connection Requests',
  noPendingRequests: 'No pending connection requests',
  accept: 'Accept',
  reject: 'Reject',
  cancel: 'Cancel',
  // Top bar toasts.
  acceptedTitle: 'Connection request accepted',
  acceptedDescription: 'You are now connected with this user',
  rejectedTitle: 'Connection request rejected',
  acceptError: 'Error accepting connection request',
  rejectError: 'Error rejecting connection request',
  // Profile button toasts.
  sent: 'Connection request sent',
  sendError: 'Failed to send connection request',
  removed: 'Connection removed',
  removeError: 'Failed to remove connection',
  removeConfirm: (name: string) => `Are you sure you want to remove your connection with ${name}?`,
  // My Network toasts (errors titled 'Error').
  networkAccepted: 'Connection accepted',
  networkRejected: 'Connection rejected',
  networkCanceled: 'Request canceled',
  networkAcceptError: 'Failed to accept connection request',
  networkRejectError: 'Failed to reject connection request',
  networkCancelError: 'Failed to cancel connection request',
  networkRemoveError: 'Failed to remove connection',
  // My Network page.
  noConnections: 'No connections yet',
  noPending: 'No pending requests',
  noSent: 'No sent requests',
  discoverUsers: 'Discover Users',
  errorTitle: 'Something went wrong',
  errorText: 'There was an error loading this page. Please try refreshing.',
  refreshPage: 'Refresh Page',
  // Connection picker (New message).
  loadConnectionsError: 'Failed to load your connections. Please try again.',
} as const
