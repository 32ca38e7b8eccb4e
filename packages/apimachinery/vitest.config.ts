import { kapiProject } from '../../vitest.shared.ts';

export default kapiProject('@kapi/apimachinery', { setupFiles: ['./vitest.setup.ts'] });
