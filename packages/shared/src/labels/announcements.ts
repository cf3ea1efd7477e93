/**
 * Texts of the bell, the announcements a moderator writes and the live updates (learning §2
 * "Header and notifications", §3 "Notice/announcement", §4 notification rules; management §2 the
 * bell; decisions 25, 33, 34). The spec words none of them but the entities' fields; these are the
 * portal's.
 */
export const ANNOUNCEMENT_MESSAGES = {
  announcementSelectBatches: 'Please select the batches.',
  announcementNoBatchesForInstitution: 'An announcement to the whole institution takes no batches.',
  announcementUnknownBatch: 'One of the batches does not exist.',
  announcementAdded: 'You have successfully added the Announcement.',
  announcementEdited: 'You have successfully edited the Announcement.',
  announcementDeleted: 'You have successfully deleted the Announcement.',
  eventStreamOnly: 'This address answers only an event stream (Accept: text/event-stream).',
  lastEventIdInvalid: 'Last-Event-ID must be the id of an event the portal sent.',
} as const;

export const ANNOUNCEMENT_LABELS = {
  // The bell and its panel
  notifications: 'Notifications',
  notificationsBell: 'Notifications ({n})',
  notificationsEmpty: 'No new notifications.',
  notificationPendingAssessment: 'Pending assessment',
  notificationUpcomingSession: 'Upcoming session',
  notificationAnnouncement: 'Announcement',
  notificationStartsAt: 'Starts {time}',
  notificationDueAt: 'Due {time}',
  notificationUnseen: 'New',
  notificationNotYetOpen: 'Not open yet',
  notificationsAllAnnouncements: 'All announcements',
  // The moderator's announcements
  announcements: 'Announcements',
  addAnnouncement: 'Add Announcement',
  editAnnouncement: 'Edit Announcement',
  deleteAnnouncement: 'Delete Announcement',
  announcementTitle: 'Title',
  announcementDescription: 'Description',
  announcementAudience: 'Audience',
  announcementAudienceInstitution: 'Whole institution',
  announcementAudienceBatches: 'Chosen batches',
  announcementBatches: 'Batches',
  noAnnouncements: 'No announcements to show.',
  announcementActions: 'Actions for {title}',
  announcementUpdatedAt: 'Updated {time}',
  announcementToBatches: 'To {batches}',
} as const;
