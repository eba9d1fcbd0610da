import Avatar from "@mui/material/Avatar";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { PageContainer } from "../../components/PageContainer";
import { ContactBlock } from "./ContactBlock";

/** About Us: the owner's bio and a contact block. */
export function AboutPage() {
  return (
    <PageContainer title="About Us">
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="owner-heading">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { xs: "flex-start", sm: "center" } }}>
              <Avatar sx={{ width: 96, height: 96, bgcolor: "primary.main", fontSize: 36 }} aria-hidden="true">
                UB
              </Avatar>
              <div>
                <Typography id="owner-heading" variant="h5" component="h2">
                  Hi, I&apos;m the founder of UniBazaar
                </Typography>
                <Typography color="text.secondary">Computer science graduate, former hostel resident, lifelong bargain hunter.</Typography>
              </div>
            </Stack>
            <Typography sx={{ mt: 3 }}>
              UniBazaar started in a university hostel in Lahore, where every semester ended with piles of textbooks, calculators and lamps
              that nobody needed any more, while the next batch of students paid full price for the very same things.
            </Typography>
            <Typography sx={{ mt: 2 }}>
              Today UniBazaar is a marketplace for students across Pakistan: buy from fellow students and small campus stores, sell what you
              no longer need, and pay cash on delivery or by card. Every price is in PKR, every seller is a real person or a registered
              store, and every review comes from a signed-in buyer.
            </Typography>
            <Typography sx={{ mt: 2 }}>
              Our promise is simple: fair prices, honest listings and support that answers. If anything goes wrong with an order, write to
              us and we will sort it out.
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactBlock />
        </Grid>
      </Grid>
    </PageContainer>
  );
}
