import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/consumer-api', rootDir: import.meta.dirname };
