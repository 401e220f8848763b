// After the journeys (Playwright's global teardown, while the app still runs): its log holds no
// secret, and what it showed operators of the run holds up (issue 29).
import { checkObservability } from './observability.ts';
import scrubLog from './log-scrub.ts';

export default async function teardown(): Promise<void> {
  scrubLog();
  await checkObservability();
}
