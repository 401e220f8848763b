// Web push listeners ('push', 'notificationclick') for /sw.js, which imports this file.
// Placeholder: the web push work of issue 14 replaces it. Kept empty so the import always succeeds.
