import { Navigate, useParams } from 'react-router-dom';
import { CLIENT_TYPE_SLUGS, type ClientTypeSlug } from '../../domain/labels';
import { PlaceholderPage } from '../placeholder/placeholder-page';

export function isClientTypeSlug(value: string | undefined): value is ClientTypeSlug {
  return value !== undefined && Object.prototype.hasOwnProperty.call(CLIENT_TYPE_SLUGS, value);
}

/** /clients/new/:type — home-care, home-health or group; any other type goes back to /clients/new. */
export function NewClientPage() {
  const { type } = useParams();
  if (!isClientTypeSlug(type)) return <Navigate to="/clients/new" replace />;
  return <PlaceholderPage title={`New ${CLIENT_TYPE_SLUGS[type].title}`} />;
}

export default NewClientPage;
