// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/time.go and micro_time.go (v1.33).

/** metav1.Time as kube writes it: RFC 3339 in UTC, whole seconds (`2024-05-01T10:00:00Z`). */
export function formatTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** metav1.MicroTime: RFC 3339 with six fractional digits (`2024-05-01T10:00:00.123456Z`). */
export function formatMicroTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** The current time as metav1.Time. */
export function now(): string {
  return formatTime(new Date());
}
