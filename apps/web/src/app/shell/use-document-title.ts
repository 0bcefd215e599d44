import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { usePublicConfig } from '../../lib/app-config';

export interface RouteHandle {
  title?: string;
}

/** The page title is the deployment name, then ' - ' and the route title when it has one (spec 1 §1). */
export function useDocumentTitle() {
  const { deployment_name } = usePublicConfig();
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = title?.title ? `${deployment_name} - ${title.title}` : deployment_name;
  }, [deployment_name, title?.title]);
}
