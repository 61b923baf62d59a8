export default {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/test'],
};
