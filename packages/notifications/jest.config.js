import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/notifications', rootDir: import.meta.dirname };
