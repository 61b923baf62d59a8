import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/jobs', rootDir: import.meta.dirname };
