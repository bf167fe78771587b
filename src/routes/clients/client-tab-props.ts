import type { Client } from '../../api/clients';

/** What every tab of /clients/:id/* receives (its own file: the tabs and the page import it, not each other). */
export interface ClientTabProps {
  client: Client;
  /** Replaces the client shown (after a change on the server). */
  onClientChange: (client: Client) => void;
}
