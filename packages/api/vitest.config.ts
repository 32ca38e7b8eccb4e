import { kapiProject } from '../../vitest.shared.ts';

export default kapiProject('@kapi/api', { setupFiles: ['./vitest.setup.ts'] });
