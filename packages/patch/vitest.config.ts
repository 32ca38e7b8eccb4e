import { kapiProject } from '../../vitest.shared.ts';

export default kapiProject('@kapi/patch', { setupFiles: ['./vitest.setup.ts'] });
