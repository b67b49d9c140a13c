/** GET /api/dashboard's answer (decision 0036): each number is the total of the list its links name. */
export interface DashboardNumber {
  key: string;
  title: string;
  /** The list's total (a count); for a figure (a percentage, km/L) the figure, null when N/A. */
  value: number | null;
  /** Above the exact-count cap, the planner's estimate (the list says "about"). */
  totalIsEstimate: boolean;
  /** The text shown: '+5 this month', '3 overdue', '92%', '4.5 km/L'. */
  detail: string;
  /** The screen that lists these records. */
  href: string | null;
  /** The API address that counts the same records. */
  totalUrl: string | null;
}

export interface DashboardCard extends DashboardNumber {
  /** The card's sub-line: a part of the card's records. */
  sub: DashboardNumber;
}

export interface DashboardAnswer {
  today: string;
  timeZone: string;
  cards: DashboardCard[];
  performance: DashboardNumber[];
}
