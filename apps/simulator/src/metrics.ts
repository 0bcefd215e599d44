/** Plausible readings that drift a little on each sample. */
export function createMetricsSampler(random: () => number) {
  const values: Record<string, number> = {
    cpu_percent_used: 35 + random() * 20,
    memory_system_percent_used: 40 + random() * 20,
    thermal_system_temp_current: 55 + random() * 10,
    filesystem_userdata_percent_used: 20 + random() * 30,
  };
  let bytesSent = 0;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return () => {
    for (const key of Object.keys(values)) values[key] = clamp(values[key]! + (random() - 0.5) * 4, 1, 99);
    bytesSent += Math.round(1.2e6 + random() * 2e5) * 60;
    return { ...values, network_bytes_sent: bytesSent };
  };
}
