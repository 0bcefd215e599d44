import { ApiError } from '@ec/client/api-error';
import { QueryClient } from '@tanstack/react-query';

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
