import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/delivery-worker', rootDir: import.meta.dirname };
