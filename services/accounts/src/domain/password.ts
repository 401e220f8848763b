// The kit's scrypt hashing, shared with the moderation service's operator accounts.
export { burnPasswordCheck, hashPassword, verifyPassword } from '@honne/service-kit';
