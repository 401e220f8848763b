import { serviceTestConfig } from '@honne/service-kit/vitest-config';

export default serviceTestConfig();
