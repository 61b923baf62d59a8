import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/auth', rootDir: import.meta.dirname };
