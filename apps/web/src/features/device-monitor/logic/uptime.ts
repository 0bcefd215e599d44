/** How long the device has been up since its last boot, as '3d 4h 12m'; '' without a boot time. */
export function formatUptime(lastBoot: string | null | undefined, now: Date): string {
  if (!lastBoot) return '';
  const ms = now.getTime() - new Date(lastBoot).getTime();
  if (Number.isNaN(ms) || ms < 0) return '';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [days && `${days}d`, (days || hours) && `${hours}h`, `${minutes % 60}m`].filter(Boolean);
  return parts.join(' ');
}
