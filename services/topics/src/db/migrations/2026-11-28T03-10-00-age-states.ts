import { ageStatesMigration } from '@honne/service-kit';

/** People's age-assurance states and the policy (ADR 0031, 0038): features kept from some states. */
export const { up, down } = ageStatesMigration;
