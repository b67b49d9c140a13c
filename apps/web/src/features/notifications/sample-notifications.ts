export type NotificationType = 'warning' | 'info' | 'critical' | 'success';

export interface AppNotification {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  /** ISO date-time. */
  date: string;
  read: boolean;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The feed is local sample data (the specification loads nothing from a server and persists no change). */
export function sampleNotifications(): AppNotification[] {
  return [
    {
      id: 'NTF-1001',
      title: 'Vehicle Breakdown Reported',
      message: 'KA05MN7788 broke down near Tumakuru on NH48. Roadside assistance has been dispatched.',
      type: 'critical',
      date: minutesAgo(18),
      read: false,
    },
    {
      id: 'NTF-1002',
      title: 'Maintenance Due',
      message: 'MH12AB1234 is due for its 20,000 km service at the Pune workshop this week.',
      type: 'warning',
      date: minutesAgo(95),
      read: false,
    },
    {
      id: 'NTF-1003',
      title: 'Low Fuel Alert',
      message: 'GJ01CD4567 is below 15% fuel on the Ahmedabad–Vadodara Expressway.',
      type: 'warning',
      date: minutesAgo(180),
      read: false,
    },
    {
      id: 'NTF-1004',
      title: 'New Trip Assigned',
      message: 'Trip from Mumbai to Pune has been assigned to Ramesh Kumar (MH12AB1234).',
      type: 'info',
      date: minutesAgo(60 * 6),
      read: true,
    },
    {
      id: 'NTF-1005',
      title: 'Delivery Completed',
      message: 'TN09GH3210 delivered 12 tonnes of cargo to Chennai Port on time.',
      type: 'success',
      date: minutesAgo(60 * 26),
      read: true,
    },
    {
      id: 'NTF-1006',
      title: 'Permit Renewal Reminder',
      message: 'The national permit of RJ14KL5566 expires in 7 days. Upload the renewed permit in Compliance.',
      type: 'info',
      date: minutesAgo(60 * 50),
      read: false,
    },
  ];
}
