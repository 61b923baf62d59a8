import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/db', rootDir: import.meta.dirname };
