import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ERROR_CODES, ErrorPage, type ErrorCode } from './ErrorPage';

/** What the router shows when a screen throws while rendering or loading. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const code: ErrorCode = (ERROR_CODES as readonly number[]).includes(status) ? (status as ErrorCode) : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage code={code} />;
}
