import { kapiProject } from '../../vitest.shared.ts';

export default kapiProject('@kapi/controllers');
