import { MapPin } from 'lucide-react';
import { parseGeoLocation, servicePartnersArea, type ServicePartner, type ServicePartnerInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { buttonClasses } from '../../components/ui/button';

/** The partner's geo-location on a map in a new tab; disabled when there is none. */
function LocationAction({ partner }: { partner: ServicePartner }) {
  const point = parseGeoLocation(partner.geoLocation);
  const label = `Show location of ${partner.id}`;
  const classes = buttonClasses('ghost', 'icon-sm', 'text-primary');
  if (!point) {
    return (
      <button type="button" className={classes} aria-label={label} title="No location recorded" disabled>
        <MapPin />
      </button>
    );
  }
  const href = `https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lon}#map=15/${point.lat}/${point.lon}`;
  return (
    <a className={classes} href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={`Location: ${partner.geoLocation}`}>
      <MapPin />
    </a>
  );
}

const config: AreaPageConfig<ServicePartner> = {
  area: servicePartnersArea,
  client: areaClient<ServicePartner, ServicePartnerInput>(servicePartnersArea.key),
  title: 'On-Road Service Partners',
  addLabel: 'Add Service Partner',
  searchPlaceholder: 'Search by Name, Contact, Notes...',
  filters: [{ param: 'serviceTypes', label: 'Service Type', allLabel: 'All Service Types', options: 'present' }],
  columns: [
    { id: 'id', header: 'Partner ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(servicePartnersArea, 'partnerName', { header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.partnerName}</span> }),
    column(servicePartnersArea, 'serviceTypes'),
    column(servicePartnersArea, 'contactInfo', { header: 'Contact' }),
    column(servicePartnersArea, 'availability'),
    column(servicePartnersArea, 'rating', { header: 'Rating' }),
  ],
  rowActions: (p) => <LocationAction partner={p} />,
  texts: { loading: 'Loading service partners...', empty: 'No Service Partners Found', fetchError: 'Could not fetch service partners.' },
  form: {
    texts: { addTitle: 'Add New Service Partner', editTitle: 'Edit Service Partner', addButton: 'Add Partner', editButton: 'Save Changes' },
    fields: formFields(servicePartnersArea, {}),
  },
  toasts: {
    saved: (p, added) => ({
      title: added ? 'Service Partner Added!' : 'Service Partner Updated!',
      description: `${p.partnerName} (${p.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (p) => ({ title: 'Service Partner Removed', description: `${p.partnerName} (${p.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Removal',
    description: (p) => `Are you sure you want to remove ${p.partnerName} (${p.id}) from your service partners? This action cannot be undone.`,
    confirmLabel: 'Remove Partner',
  },
};

export function ServicePartnersPage() {
  return <AreaPage config={config} />;
}
