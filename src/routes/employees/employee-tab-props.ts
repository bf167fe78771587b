import type { Employee } from '../../api/hiring';

/** What every tab of /employees/:id/* receives (its own file: the tabs and the page import it, not each other). */
export interface EmployeeTabProps {
  employee: Employee;
  /** Replaces the employee shown (after a change on the server). */
  onEmployeeChange: (employee: Employee) => void;
}
