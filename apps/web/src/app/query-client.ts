import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** 4xx answers are final; anything else is retried twice. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
