import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/user-state', rootDir: import.meta.dirname };
