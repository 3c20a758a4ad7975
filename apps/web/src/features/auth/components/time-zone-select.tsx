import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OFFERED_TIME_ZONES, isOfferedTimeZone } from '@certs/shared/common/dates';
import { errorMessageOf } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/dates';
import { useUpdatePreferences } from '../api/update-preferences';

const OPTIONS = OFFERED_TIME_ZONES.map(({ zone, label }) => ({ value: zone, label }));

/** The zone every date is shown in, saved for the signed-in user (spec section 9). */
export function TimeZoneSelect() {
  const zone = useUserTimeZone();
  const updatePreferences = useUpdatePreferences();

  const handleChange = (value: string) => {
    if (!isOfferedTimeZone(value) || value === zone) return;
    updatePreferences.mutate(
      { timeZone: value },
      {
        onSuccess: () => {
          const label = OFFERED_TIME_ZONES.find((offered) => offered.zone === value)?.label ?? value;
          notifications.show({ color: 'green', title: 'Time zone saved', message: `Times are now shown in ${label} time.` });
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Time zone not saved', message: errorMessageOf(error) }),
      },
    );
  };

  return (
    // A visible label (issue 21 item 9), small and above the select so that the header keeps its width.
    <NativeSelect
      label="Time zone"
      data={OPTIONS}
      value={updatePreferences.isPending ? (updatePreferences.variables?.timeZone ?? zone) : zone}
      onChange={(event) => handleChange(event.currentTarget.value)}
      disabled={updatePreferences.isPending}
      size="xs"
      w={130}
      data-testid="time-zone-select"
    />
  );
}
