import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Failed sign-ins per day (recharts, loaded with the security panel only). */
export default function FailedSignInsChart({ series }: { series: { day: string; count: number }[] }) {
  return (
    <div className="h-56" role="img" aria-label={`Failed sign-ins per day: ${series.map((d) => `${d.day} ${d.count}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series}>
          <CartesianGrid strokeDasharray="3 3" stroke="#27314f" />
          <XAxis dataKey="day" stroke="#a3acc2" fontSize={12} tickFormatter={(d: string) => d.slice(5)} minTickGap={12} />
          <YAxis stroke="#a3acc2" fontSize={12} allowDecimals={false} />
          <Tooltip contentStyle={{ background: '#121a30', border: '1px solid #27314f', borderRadius: 8, color: '#f5f7fb' }} />
          <Bar dataKey="count" name="Failed sign-ins" fill="#ef4444" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
