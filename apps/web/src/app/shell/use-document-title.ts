import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/app-config';

export interface RouteHandle {
  title?: string;
}

/** The page title is the deployment name, then ' - ' and the route title when it has one (spec 1 §1). */
export function useDocumentTitle(routes: RouteObject[]) {
  const { deployment_name } = usePublicConfig();
  const location = useLocation();
  const title = (matchRoutes(routes, location) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${deployment_name} - ${title}` : deployment_name;
  }, [deployment_name, title]);
}
