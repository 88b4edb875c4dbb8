import type { apiZh } from '../zh/api';

export const apiEn: Record<keyof typeof apiZh, string> = {
  'api.rateLimited': 'Too many requests, please try again later!',
  'api.serverError': 'Internal server error, please contact the administrator!',
  'api.demo': 'This site is a demo only, with no server!',
  'api.error': 'Error: {message}',
  'api.failed': 'Request failed',
};
