import { BookOpen, CalendarCheck, HelpCircle, Search, Star, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { StatTile, TileGrid, TilesAndSessions } from "./stat-tile";

export function SeekerView({
  stats,
  children,
}: {
  stats: { upcomingSessions: number; reviewsGiven: number };
  children: ReactNode;
}) {
  return (
    <>
      <TilesAndSessions
        sessions={children}
        tiles={
          <TileGrid>
            <StatTile icon={Search} label="Find Advisors" value="500+" to="/advisors" />
            <StatTile
              icon={CalendarCheck}
              label="My Sessions"
              value={stats.upcomingSessions}
              note="Upcoming"
            />
            <StatTile icon={TrendingUp} label="Learning Path" value="0%" />
            <StatTile icon={Star} label="Reviews" value={stats.reviewsGiven} note="Given" />
          </TileGrid>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid gap-3 p-6">
          <h2 className="text-lg font-semibold">Quick Actions</h2>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to="/advisors">
                <BookOpen aria-hidden="true" /> Browse Advisors
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">
                <HelpCircle aria-hidden="true" /> Help &amp; Support
              </Link>
            </Button>
          </div>
        </Card>
        <Card className="grid gap-3 bg-brand-50 p-6">
          <h2 className="text-lg font-semibold">Become an Advisor</h2>
          <p className="text-sm text-muted">
            Been there yourself? Help others with what you have learned, on your own schedule.
          </p>
          <Button asChild className="w-fit">
            <Link to="/become-advisor">Become an Advisor</Link>
          </Button>
        </Card>
      </div>
    </>
  );
}
