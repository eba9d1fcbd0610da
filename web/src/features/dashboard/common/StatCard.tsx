import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";

/** One headline figure on a dashboard. */
export function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Typography component="h3" variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ mt: 1, fontWeight: 700, fontSize: { xs: "1.3rem", sm: "1.5rem" }, overflowWrap: "break-word" }}
        >
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}
